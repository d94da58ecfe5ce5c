import { restRequestOf } from "@relix/core/catalog/rest-request";
import type { RestRequest, Workload } from "@relix/core/catalog/workload";
import type { StackDefinition } from "@relix/core/stacks/stacks";
import { PROTOBUF_CONTENT_TYPE, delimited, protobufCodecOf } from "../proto/protobuf-bodies";

type BodyEncoding = StackDefinition["encoding"];

/**
 * A workload's HTTP request with its body in one encoding: the same method, path and chunking;
 * JSON as the catalog writes it, or protobuf, the gRPC method's request message (for a
 * client-streaming method, its messages length-delimited), as a stack with protobuf bodies over HTTP reads it.
 */
const ENCODE_BODY: Record<BodyEncoding, (workload: Workload, request: unknown) => RestRequest> = {
  json: (workload, request) => restRequestOf(workload, request),
  protobuf: (workload, request) => {
    const http = restRequestOf(workload, request);
    if (workload.rest.body === "none") return http;
    const codec = protobufCodecOf(workload);
    const stream = workload.grpc.clientStream;
    const body = stream
      ? Buffer.concat(stream.messages(request).map((message) => delimited(codec.requestSerialize(message))))
      : codec.requestSerialize(workload.grpc.build(request));
    return { ...http, body, contentType: PROTOBUF_CONTENT_TYPE };
  },
};

/** The HTTP request for one request of a workload, its body in `encoding`. */
export const encodedRestRequest = (workload: Workload, request: unknown, encoding: BodyEncoding): RestRequest =>
  ENCODE_BODY[encoding](workload, request);
