import path from "node:path";
import { fileURLToPath } from "node:url";

const PACKAGE_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
export const REPO_ROOT = path.resolve(PACKAGE_ROOT, "../..");
/** Built and generated things that are not the repository's: pbjs's module, the Go binaries. */
export const CACHE_DIR = path.join(PACKAGE_ROOT, "node_modules/.cache/relix-caller-costs");
/** The package's npm binaries (buf, pbjs). */
export const PACKAGE_BIN = path.join(PACKAGE_ROOT, "node_modules/.bin");
export const PBJS_MODULE = path.join(CACHE_DIR, "pbjs/relix.js");
export const GO_MODULE_DIR = path.join(REPO_ROOT, "tools/caller-codecs/go");
export const PYTHON_WORKER = path.join(REPO_ROOT, "tools/caller-codecs/python/caller_codecs.py");
export const PYTHON_SERVICES_DIR = path.join(REPO_ROOT, "services/python");
/** Where the figures go: the repository's own data, read by the rest of Relix. */
export const CALLER_COSTS_FILE = path.join(REPO_ROOT, "data/caller-costs.json");
