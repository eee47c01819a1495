import { useEffect, useState } from 'react';
import { unwrap } from './api-client';

/** What `GET /api/config` tells the browser (never a secret). */
export interface PublicConfig {
  environment: string;
  appUrl: string;
  whatsappNumber: string;
  supportEmail: string;
  database: 'postgres' | 'pglite';
  mail: 'smtp' | 'outbox';
  ai: boolean;
  defaultsInUse: string[];
}

let pending: Promise<PublicConfig> | undefined;

/** The server's public configuration, read once per visit (a failed read is tried again next time). */
export function getPublicConfig(): Promise<PublicConfig> {
  pending ??= unwrap<PublicConfig>(fetch('/api/config', { headers: { accept: 'application/json' } })).catch(
    (error: unknown) => {
      pending = undefined;
      throw error;
    },
  );
  return pending;
}

/** The public configuration once loaded; null while loading or when the server cannot be reached. */
export function usePublicConfig(): PublicConfig | null {
  const [config, setConfig] = useState<PublicConfig | null>(null);
  useEffect(() => {
    let live = true;
    getPublicConfig().then(
      (value) => live && setConfig(value),
      (error: unknown) => console.warn('Could not read the server configuration', error),
    );
    return () => {
      live = false;
    };
  }, []);
  return config;
}
