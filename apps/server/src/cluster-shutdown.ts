/** The message a cluster worker (main.ts) drains and exits on, sent by cluster.ts. */
export const CLUSTER_SHUTDOWN = 'adloom:shutdown';
