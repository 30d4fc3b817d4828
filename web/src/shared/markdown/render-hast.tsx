import type { Root } from 'hast';
import { toJsxRuntime, type Components } from 'hast-util-to-jsx-runtime';
import type { ReactNode } from 'react';
import { Fragment, jsx, jsxs } from 'react/jsx-runtime';
import { Spoiler } from './components/Spoiler';
import { SPOILER_CLASS } from './remark-spoiler';

const components: Partial<Components> = {
  // An emptied image address is left out: an empty src would make the browser fetch the page itself again.
  img: ({ src, alt, ...rest }) => <img src={src || undefined} alt={alt ?? ''} {...rest} />,
  span: ({ className, children, ...rest }) =>
    className === SPOILER_CLASS ? <Spoiler>{children}</Spoiler> : <span className={className} {...rest}>{children}</span>,
};

/** Turns a sanitized HTML syntax tree into React elements (no innerHTML involved). */
export function renderHast(tree: Root): ReactNode {
  return toJsxRuntime(tree, { Fragment, jsx, jsxs, components });
}
