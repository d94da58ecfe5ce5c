// A verdict in words, for every surface: the figures come from stats/, the sentences from here.
export {
  verdictFor,
  structuredVerdictFor,
  noWinnerWords,
  percentText,
  sharePercent,
  type Verdict,
  type VerdictTextInput,
} from "./verdict-text";
export {
  clientStepSentence,
  clientStepVerdict,
  toolsBesideSentence,
  type ClientStepInput,
  type ToolsBesideInput,
} from "./client-step-text";
export { layerSentence, stackVerdictFor, type LayerSentenceInput, type StackVerdict } from "./stack-verdict-text";
export { questionsSentence, latencyLoadPhrase, unsaturatedCapacity } from "./questions-text";
