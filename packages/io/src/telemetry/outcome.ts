/** How a request ended, as the servers count it. "cancelled": the client went away before a stream ended. */
export type Outcome = "ok" | "client_error" | "not_found" | "unavailable" | "server_error" | "cancelled";
