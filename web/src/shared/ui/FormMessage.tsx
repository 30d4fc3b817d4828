export interface Notice {
  text: string;
  isError: boolean;
}

/** The answer to a form: announced politely when it is good news, at once when it is an error. */
export function FormMessage({ notice }: { notice: Notice | null }) {
  if (!notice) return null;
  return notice.isError ? (
    <p className="form-message error" role="alert">
      {notice.text}
    </p>
  ) : (
    <p className="form-message" role="status">
      {notice.text}
    </p>
  );
}
