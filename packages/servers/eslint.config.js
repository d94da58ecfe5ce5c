import { baseConfig } from "@relix/eslint-config/base";

export default baseConfig(import.meta.dirname);
