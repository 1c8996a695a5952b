export declare const SERVER_GLIBC_TUNABLES: string;
export declare function serverThreadPoolSize(cores?: number): number;
export declare function withServerProcessEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv;
