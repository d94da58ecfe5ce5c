// Word lists the generators draw from. Plain ASCII, so a character is a byte in every encoding and
// the payload sizes measured here are the sizes on the wire.

/** Short on purpose: study 000's record is ~110 B of JSON, and most of that is field names. */
export const ADJECTIVES = [
  "Red", "Blue", "Oak", "Tiny", "Bold", "Cozy", "Mini", "Pro", "Zen", "Iron", "Jade", "Ruby", "Soft",
  "Wild", "Gold", "Pine", "Teal", "Warm", "Cool", "Slim",
] as const;

export const NOUNS = [
  "Cup", "Lamp", "Mug", "Jar", "Fan", "Desk", "Tray", "Vase", "Rope", "Kit", "Bag", "Pen", "Hat",
  "Sofa", "Rug", "Bowl", "Clock", "Stool", "Towel", "Kettle",
] as const;

export const TAGS = [
  "home", "eco", "new", "sale", "gift", "kids", "bath", "camp", "pets", "tech", "art", "tea",
  "spa", "gym", "deco", "diy",
] as const;

/** Filler for the 15-25 character strings of study 002's shapes. */
export const LOREM = [
  "lorem", "ipsum", "dolor", "sit", "amet", "consectetur", "adipiscing", "elit", "sed", "do",
  "eiusmod", "tempor", "incididunt", "ut", "labore", "et", "dolore", "magna", "aliqua", "enim",
  "minim", "veniam", "quis", "nostrud", "exercitation", "ullamco", "laboris", "nisi", "aliquip", "ex",
] as const;

/** Syllables for meteorite place names ("Kerobu", "Alinda Hills"). */
export const SYLLABLES = [
  "a", "ba", "bel", "bo", "ca", "dar", "de", "do", "el", "fa", "gan", "go", "ha", "ir", "ka", "ke",
  "la", "lin", "lo", "ma", "mo", "na", "nor", "o", "pa", "ra", "ri", "ro", "sa", "sen", "ta", "ti",
  "to", "u", "va", "vil", "wa", "ya", "za", "zo",
] as const;

export const PLACE_SUFFIXES = ["Hills", "Range", "Plains", "Valley", "Lake", "Creek", "Desert", "Station"] as const;

/** Common recclass values of the NASA meteorite landings data set, heaviest first. */
export const RECCLASSES = [
  "L6", "H5", "L5", "H6", "H4", "LL5", "LL6", "L4", "H4/5", "CM2", "H3", "L3", "CO3", "Ureilite",
  "Iron, IIIAB", "LL4", "CV3", "Howardite", "Eucrite-mmict", "Diogenite", "EH4", "H5/6", "L/LL5",
  "Mesosiderite-A1", "Pallasite", "Iron, IAB-MG", "CK4", "Acapulcoite", "Aubrite", "R3.8",
] as const;
