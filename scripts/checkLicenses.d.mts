export declare function spdxAllowed(expression: string): boolean;
export declare function checkDependencies(input: {
  lock: { packages?: Record<string, { name?: string; version?: string; license?: unknown; dev?: boolean; link?: boolean; engines?: Record<string, string> }> };
  manifest: { engines?: { node?: string } };
  nvmrc: string;
}): string[];
