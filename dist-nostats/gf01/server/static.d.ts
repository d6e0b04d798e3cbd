import type { IncomingMessage, ServerResponse } from "node:http";
/** On every API answer too: JSON is never rendered or framed, and never sniffed as HTML. */
export declare const API_SECURITY_HEADERS: Record<string, string>;
export declare function createStaticHandler(dir: string): (req: IncomingMessage, res: ServerResponse) => boolean;
