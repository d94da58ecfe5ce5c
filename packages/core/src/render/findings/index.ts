// Every finding in words, for every surface: what findings/ records and decides, said once.
export { cellName, sideName, PROTOCOL_LABEL } from "./finding-names";
export { findingsOf, measureNotes, subjectLabel, warningTexts } from "./findings-of";
export { runFactFinding } from "./run-findings";
