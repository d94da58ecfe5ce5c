import type * as grpc from "@grpc/grpc-js";
import {
  callContextFrom,
  MAX_MESSAGE_BYTES,
  MAX_UPLOAD_MESSAGES,
  parseRequest,
  tooLarge,
  tooManyUploadMessages,
  workloads,
  type GrpcServiceName,
  type Workload,
} from "@relix/core";
import type { Services } from "@relix/io";
import {
  decodeTimingOf,
  drainedOrClosed,
  encodingInto,
  loadRelixProtos,
  outcomeOf,
  timedMessages,
  timeService,
  timeServiceCodecs,
  type ServerTelemetry,
} from "@relix/io";
import { toServiceError } from "./status-map";

/**
 * A request as proto-loader decodes it (loader-options.ts): a plain object, trusted only once the
 * workload's zod schema has parsed it.
 */
type DecodedRequest = Record<string, unknown>;
/** What a workload answers; grpc-js serialises it against the method's proto type on the way out. */
type Reply = unknown;
/** The handlers never look inside a request or a reply: the workload's schema and the proto do. */
type AnyWorkload = Workload<unknown, Reply>;

type Handlers = grpc.UntypedServiceImplementation;

const metadataReader = (metadata: grpc.Metadata) => (name: string) => {
  const value = metadata.get(name)[0];
  return value === undefined ? undefined : String(value);
};

/** One handler per workload of the catalog, grouped by service: nothing here is listed by hand. */
export function createWorkloadHandlers(services: Services, telemetry: ServerTelemetry): Map<GrpcServiceName, Handlers> {
  const byService = new Map<GrpcServiceName, Handlers>();
  for (const workload of workloads) {
    // grpc-js decodes before a handler runs and encodes inside its callback: the service
    // definitions the server registers get timed (de)serializers, so codec time is split out.
    timeServiceCodecs(loadRelixProtos().grpcObject.relix.v1[workload.grpc.service].service);
    const handlers = byService.get(workload.grpc.service) ?? {};
    handlers[workload.grpc.method] = workload.grpc.clientStream
      ? clientStreamHandler(workload, services, telemetry)
      : workload.streaming
        ? streamHandler(workload, services, telemetry)
        : unaryHandler(workload, services, telemetry);
    byService.set(workload.grpc.service, handlers);
  }
  return byService;
}

/**
 * A span from the moment grpc-js began decoding the request, as the HTTP stacks' spans start
 * before their body is decoded; the decode is codec time.
 */
function spanFromDecode(telemetry: ServerTelemetry, request: unknown) {
  const decode = decodeTimingOf(request);
  const span = telemetry.startSpan(decode?.startedUs);
  if (decode) span.codecUs += decode.us;
  return span;
}

function unaryHandler(
  workload: AnyWorkload,
  services: Services,
  telemetry: ServerTelemetry,
): grpc.handleUnaryCall<DecodedRequest, Reply> {
  return (call, callback) => {
    const span = spanFromDecode(telemetry, call.request);
    (async () => {
      const ctx = callContextFrom(metadataReader(call.metadata));
      const request = parseRequest(workload, workload.grpc.parse(call.request));
      return await timeService(span, () => workload.handle(services, request, ctx));
    })().then(
      (reply) => {
        encodingInto(span, () => callback(null, reply));
        telemetry.finish(workload.id, span, "ok");
      },
      (error) => {
        telemetry.finish(workload.id, span, outcomeOf(error));
        callback(toServiceError(error));
      },
    );
  };
}

function streamHandler(
  workload: AnyWorkload,
  services: Services,
  telemetry: ServerTelemetry,
): grpc.handleServerStreamingCall<DecodedRequest, Reply> {
  return (call) => {
    const span = spanFromDecode(telemetry, call.request);
    (async () => {
      const ctx = callContextFrom(metadataReader(call.metadata));
      const request = parseRequest(workload, workload.grpc.parse(call.request));
      const messages = timedMessages(span, workload.handle(services, request, ctx) as AsyncIterable<Reply>);
      for await (const message of messages) {
        if (call.cancelled) return false;
        // Honour back-pressure, as the REST side does; a cancelled call never drains.
        if (!encodingInto(span, () => call.write(message)) && !(await drainedOrClosed(call))) return false;
      }
      return true;
    })().then(
      (completed) => {
        if (completed) call.end();
        telemetry.finish(workload.id, span, completed && !call.cancelled ? "ok" : "cancelled");
      },
      (error) => {
        telemetry.finish(workload.id, span, outcomeOf(error));
        call.emit("error", toServiceError(error));
      },
    );
  };
}

/**
 * A client stream is read whole, then served like the unary call it stands for: the messages are
 * joined into one request (the workload's `join`), parsed and handled. Their total size is held to
 * the same bound as one unary message, so a stream cannot ask the server to keep more, and their
 * number to MAX_UPLOAD_MESSAGES, so a flood of empty messages cannot either.
 */
function clientStreamHandler(
  workload: AnyWorkload,
  services: Services,
  telemetry: ServerTelemetry,
): grpc.handleClientStreamingCall<DecodedRequest, Reply> {
  const binding = workload.grpc.clientStream!;
  return (call, callback) => {
    const span = telemetry.startSpan();
    const messages: DecodedRequest[] = [];
    let received = 0;
    let settled = false;
    const fail = (error: unknown) => {
      if (settled) return;
      settled = true;
      telemetry.finish(workload.id, span, outcomeOf(error));
      callback(toServiceError(error));
    };
    call.on("data", (message: DecodedRequest) => {
      if (settled) return;
      span.codecUs += decodeTimingOf(message)?.us ?? 0;
      if (messages.length >= MAX_UPLOAD_MESSAGES) return fail(tooManyUploadMessages());
      received += Object.values(message).reduce<number>((n, v) => n + (Buffer.isBuffer(v) ? v.length : 0), 0);
      if (received > MAX_MESSAGE_BYTES)
        return fail(tooLarge(`the stream carried more than ${MAX_MESSAGE_BYTES} bytes`));
      messages.push(message);
    });
    // The client went away (cancelled, reset): nobody is left to answer.
    call.on("error", () => {
      if (settled) return;
      settled = true;
      telemetry.finish(workload.id, span, "cancelled");
    });
    call.on("end", () => {
      if (settled) return;
      (async () => {
        const ctx = callContextFrom(metadataReader(call.metadata));
        const request = parseRequest(workload, workload.grpc.parse(binding.join(messages)));
        return await timeService(span, () => workload.handle(services, request, ctx));
      })().then(
        (reply) => {
          if (settled) return;
          settled = true;
          encodingInto(span, () => callback(null, reply));
          telemetry.finish(workload.id, span, "ok");
        },
        (error) => fail(error),
      );
    });
  };
}
