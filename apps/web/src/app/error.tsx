"use client";

export default function ErrorPage({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <div className="banner banner-bad" role="alert">
      <strong>Something went wrong while rendering this page.</strong>{" "}
      {error.digest ? <span className="muted small">(ref {error.digest})</span> : null}
      <div style={{ marginTop: 10 }}>
        <button type="button" className="btn btn-small" onClick={reset}>
          Try again
        </button>
      </div>
    </div>
  );
}
