/**
 * Issue 29: a page that needs the server, opened without a connection and with nothing saved for
 * it on this device — said plainly, never a spinner that does not end.
 */
export function NotAvailableOffline() {
  return (
    <section role="status" className="rounded-card border border-line bg-surface p-6 shadow-sm">
      <h2 className="text-xl font-semibold">Not available offline</h2>
      <p className="mt-2 text-ink-muted">
        This has not been saved on this device yet. It will load by itself when the connection is back.
      </p>
    </section>
  );
}
