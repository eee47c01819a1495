import { PRODUCT_NAME, PRODUCT_TAGLINE } from '@tavara/shared/product';

export function Footer() {
  return (
    <footer className="border-t border-line bg-surface">
      <div className="mx-auto flex max-w-6xl flex-col gap-1 px-4 py-6 text-ink-muted sm:flex-row sm:justify-between">
        <p>
          © {new Date().getFullYear()} {PRODUCT_NAME}
        </p>
        <p>{PRODUCT_TAGLINE}</p>
      </div>
    </footer>
  );
}
