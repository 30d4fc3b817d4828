import { Fragment } from 'react';
import { Link } from '../../../shared/ui/Link';

/** A comma-separated field as links to its category listing: /genre/{name}, /setting/{name}, /tag/{name}. */
export function LinkedList({ category, list }: { category: 'genre' | 'setting' | 'tag'; list: string }) {
  const names = list
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  return (
    <>
      {names.map((name, index) => (
        <Fragment key={name}>
          {index > 0 && ', '}
          <Link to={`/${category}/${name}`}>{name}</Link>
        </Fragment>
      ))}
    </>
  );
}
