import { baseConfig } from "./base.js";

export default baseConfig(import.meta.dirname);
