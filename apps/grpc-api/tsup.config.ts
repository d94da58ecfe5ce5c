// The build every API shares (see the repo root).
export { default } from "../../tsup.app.config";
