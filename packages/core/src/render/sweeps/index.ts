// A sweep in words: its crossovers, its rows and where a swept cell sits.
export * from "./crossover-text";
