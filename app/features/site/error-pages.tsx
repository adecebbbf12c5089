/**
 * The 404 page, the back office's 403 page (issue 31 item 2: staff whose role may not open a
 * page) and the unexpected-error page (SPEC.md sections 2 and 8).
 */
import { Link } from 'react-router';
import { Button } from '~/components/ui/button';

export function NotFoundPage() {
  return (
    <section className="mx-auto flex max-w-2xl flex-col items-center px-4 py-24 text-center">
      <p className="font-serif text-7xl font-bold text-primary/80">404</p>
      <h1 className="mt-4 text-3xl font-semibold">Page not found</h1>
      <p className="mt-3 text-muted-foreground">
        The page you are looking for has moved or never existed. These will take you somewhere
        useful:
      </p>
      <nav aria-label="Helpful links" className="mt-8 flex flex-wrap justify-center gap-3">
        <Button asChild>
          <Link to="/">Go to Home</Link>
        </Button>
        <Button asChild variant="outline">
          <Link to="/wardrobe">Browse the Wardrobe</Link>
        </Button>
        <Button asChild variant="outline">
          <Link to="/contact">Contact Us</Link>
        </Button>
      </nav>
    </section>
  );
}

/** Shown to staff on a back-office page their role may not open (a 403). */
export function NoAccessPage() {
  return (
    <section className="mx-auto flex max-w-2xl flex-col items-center px-4 py-24 text-center">
      <p className="font-serif text-7xl font-bold text-primary/80">403</p>
      <h1 className="mt-4 text-3xl font-semibold">You do not have access to this page.</h1>
      <p className="mt-3 text-muted-foreground">
        Your role in the shop does not open it. Ask the owner if you need it.
      </p>
      <div className="mt-8 flex gap-3">
        <Button asChild>
          <Link to="/admin">Back office</Link>
        </Button>
      </div>
    </section>
  );
}

/** Shown for any unexpected error; `detail` (a stack) is passed only in development. */
export function UnexpectedErrorPage({ detail }: { detail?: string }) {
  return (
    <section className="mx-auto flex max-w-2xl flex-col items-center px-4 py-24 text-center">
      <h1 className="text-3xl font-semibold">Unexpected Application Error!</h1>
      <p className="mt-3 text-muted-foreground">
        Something went wrong on our side. Please try again in a moment, or call us; we are happy to
        help.
      </p>
      <div className="mt-8 flex gap-3">
        <Button asChild>
          <Link to="/" reloadDocument>
            Go to Home
          </Link>
        </Button>
        <Button asChild variant="outline">
          <Link to="/contact" reloadDocument>
            Contact Us
          </Link>
        </Button>
      </div>
      {detail && (
        <pre className="mt-8 w-full overflow-auto rounded bg-muted p-4 text-left text-xs">
          {detail}
        </pre>
      )}
    </section>
  );
}
