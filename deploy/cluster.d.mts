// Types of deploy/cluster.mjs for the TypeScript tests that start it (server/test/nodes/cluster.ts).
export const PROXY_CONF: string;
export const HTTP_CONF: string;
export const SERVER_BUILD: string;

export type ClusterNode = {
  name: string;
  port: number;
  /** The node itself, not through the load balancer. */
  url: string;
  pid: number | undefined;
  logs: () => string;
  isRunning: () => boolean;
  /** As a crash would: no shutdown, sockets cut. */
  kill: () => Promise<void>;
  stop: () => Promise<void>;
};

export type Nginx = { url: string; logs: () => string; stop: () => Promise<void> };

export function startNode(options: { name: string; port: number; env: Record<string, string>; dataDir: string }): Promise<ClusterNode>;
export function startNginx(options: { port: number; host?: string; upstreams: number[]; dir: string; nginxPath?: string }): Promise<Nginx>;
export function startCluster(options: {
  nodes?: number;
  port: number;
  /** nginx's address; 127.0.0.1 unless given. */
  host?: string;
  nodePorts: number[];
  env: Record<string, string>;
  runDir: string;
  nginxPath?: string;
}): Promise<{ url: string; nodes: ClusterNode[]; nginx: Nginx; stop: () => Promise<void> }>;
