import type {
  AnyShape,
  EchoReply,
  EchoRequest,
  ImageSize,
  Item,
  MeteoriteList,
  ShapeKind,
  StreamMessage,
  UploadReply,
} from "../domain";
import type { CallContext } from "./call-context";

/**
 * The business logic every transport calls, as the catalog's handlers see it. The implementation
 * (reading through the cache-aside repository) lives in @relix/io; declaring the contract here keeps
 * each workload defined once, handler included, in a package the browser may import.
 */
export interface WorkloadServices {
  catalog: {
    getItem(id: number, ctx: CallContext): Promise<Item>;
    listItems(limit: number, ctx: CallContext): Promise<{ items: Item[] }>;
    getShape(kind: ShapeKind, id: number, ctx: CallContext): Promise<AnyShape>;
    listShapes(kind: ShapeKind, ctx: CallContext): Promise<{ items: AnyShape[] }>;
  };
  meteorites: {
    version(): { version: string };
    list(ctx: CallContext): Promise<MeteoriteList>;
    upload(list: MeteoriteList): { status: string; count: number };
  };
  bench: {
    noop(): Record<string, never>;
    echo(request: EchoRequest, ctx: CallContext): Promise<EchoReply>;
    stream(numberOfMessages: number, ctx: CallContext): AsyncGenerator<StreamMessage>;
    upload(payload: Buffer, ctx: CallContext): Promise<UploadReply>;
  };
  compute: {
    add(request: { a: number; b: number }): { sum: number };
    dot(request: { a: number[]; b: number[] }): { result: number };
    imageSize(image: Buffer): ImageSize;
    imageSizeBase64(request: { img: string }): ImageSize;
  };
}
