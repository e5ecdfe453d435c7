import { Link } from 'react-router';
import { useConfig } from '@klusmaat/shared-ui/config';
import { usePageTitle } from '../usePageTitle';

/** Shown for every path that is not in src/routes.json; the Go server answers 404 for it (D21). */
export default function NotFound() {
  const { brand } = useConfig();
  usePageTitle(`Pagina niet gevonden – ${brand}`);

  return (
    <section className="container not-found" aria-labelledby="not-found-title">
      {/* The product's text is English (spec section 8); lang="en" tells screen readers so. */}
      <h1 id="not-found-title" lang="en">
        Oops! Page not found
      </h1>
      <p>De pagina die u zoekt bestaat niet, of is verplaatst.</p>
      <p>
        <Link to="/" className="button button-primary">
          Terug naar home
        </Link>
      </p>
    </section>
  );
}
