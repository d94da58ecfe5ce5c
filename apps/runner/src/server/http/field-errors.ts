// The runner answers field errors in the words every surface uses (core's run-request).
export { dotted, fieldErrors } from "@relix/core/run-request/field-errors";
