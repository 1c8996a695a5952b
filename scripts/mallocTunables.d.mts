export declare const SERVER_GLIBC_TUNABLES: string;
export declare function withMallocTunables(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv;
