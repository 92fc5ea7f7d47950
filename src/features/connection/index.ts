/** The real-time connection: socket lifecycle, status, manifest, offline banner, rate-limit screen. */
export { ConnectionBanner } from './connection-banner.tsx';
export { useArenaReachable, useBrowserOnline, useConnection } from './connection-state.ts';
export { LiveIndicator } from './live-indicator.tsx';
export { useManifest, useManifestPart, type ServerManifest } from './manifest.ts';
export { RateLimitScreen, useRateLimited } from './rate-limit.tsx';
export { useTransport } from './use-transport.ts';
export { MAINTENANCE_COOKIE, MaintenanceScreen, useMaintenance } from './maintenance.ts';
export { acceptVersion, versionUpdate } from './version-check.ts';
