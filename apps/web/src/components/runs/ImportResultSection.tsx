/** The upload that gives a result file measured elsewhere its own permalink; `error` is the last upload's problem. */
export function ImportResultSection({ error }: { error: string | null }) {
  return (
    <section className="section card card-pad" id="import">
      <h2>Import a result</h2>
      <p className="section-sub" style={{ marginTop: 4 }}>
        A <code>relix.result/v1</code> JSON from <code>pnpm bench --json FILE</code> (or a download from another Relix)
        gets its own permalink here.
      </p>
      {error ? (
        <div
          className="banner banner-bad"
          role="alert"
          style={{ marginBottom: 12, whiteSpace: "pre-wrap" }}
          data-testid="import-error"
        >
          {error}
        </div>
      ) : null}
      <form action="/api/import" method="post" encType="multipart/form-data" className="row" data-testid="import-form">
        <input
          type="file"
          name="result"
          accept="application/json,.json"
          required
          className="input"
          style={{ maxWidth: 420, paddingTop: 5 }}
        />
        <button type="submit" className="btn btn-primary">
          Import
        </button>
      </form>
    </section>
  );
}
