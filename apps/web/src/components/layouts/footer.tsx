import { Link } from 'react-router';
import { PRODUCT_NAME, PRODUCT_TAGLINE } from '@tavara/shared/product';

const footerLink = 'inline-flex min-h-11 items-center underline underline-offset-4 hover:text-ink';

export function Footer() {
  return (
    // On a phone the chat and support buttons float at the bottom right: the extra room lets the
    // end of every page scroll clear of them (issue 14).
    <footer id="site-footer" className="border-t border-line bg-surface max-md:pb-36">
      <div className="mx-auto flex max-w-6xl flex-col gap-1 px-4 py-6 text-ink-muted sm:flex-row sm:justify-between">
        <p>
          © {new Date().getFullYear()} {PRODUCT_NAME}
        </p>
        <p>{PRODUCT_TAGLINE}</p>
        <nav aria-label="Legal" className="flex gap-4">
          <Link to="/terms" className={footerLink}>
            Terms of Service
          </Link>
          <Link to="/privacy" className={footerLink}>
            Privacy Policy
          </Link>
        </nav>
      </div>
    </footer>
  );
}
