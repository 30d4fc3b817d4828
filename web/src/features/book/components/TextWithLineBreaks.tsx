import { Fragment } from 'react';

/** Plain text with its newlines shown as line breaks. */
export function TextWithLineBreaks({ text }: { text: string }) {
  const lines = text.split(/\r?\n/);
  return (
    <>
      {lines.map((line, index) => (
        <Fragment key={index}>
          {index > 0 && <br />}
          {line}
        </Fragment>
      ))}
    </>
  );
}
