import type { Root } from 'hast';
import { toJsxRuntime, type Components } from 'hast-util-to-jsx-runtime';
import type { ReactNode } from 'react';
import { Fragment, jsx, jsxs } from 'react/jsx-runtime';
import { Spoiler } from './components/Spoiler';
import { SPOILER_CLASS } from './remark-spoiler';

const components: Partial<Components> = {
  span: ({ className, children, ...rest }) =>
    className === SPOILER_CLASS ? <Spoiler>{children}</Spoiler> : <span className={className} {...rest}>{children}</span>,
};

/** Turns a sanitized HTML syntax tree into React elements (no innerHTML involved). */
export function renderHast(tree: Root): ReactNode {
  return toJsxRuntime(tree, { Fragment, jsx, jsxs, components });
}
