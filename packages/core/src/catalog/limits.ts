/**
 * The largest request either API accepts, chosen for the biggest workload (image.base64: ~2.2 MB;
 * upload up to the runner's payload bound of 8 MiB) with room to spare. Anything larger is refused
 * with 413 / RESOURCE_EXHAUSTED before it is parsed.
 */
export const MAX_MESSAGE_BYTES = 16 * 1024 * 1024;
export const MAX_PAYLOAD_BYTES = 8 * 1024 * 1024;
