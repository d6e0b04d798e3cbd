export declare function workerEntryUrl(from: string, name: string): URL;
