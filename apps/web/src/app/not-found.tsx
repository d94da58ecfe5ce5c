import Link from "next/link";

export default function NotFound() {
  return (
    <div
      className="card card-pad"
      style={{ maxWidth: 560, margin: "40px auto", textAlign: "center" }}
      data-testid="not-found"
    >
      <div className="muted small">404</div>
      <h1 style={{ marginTop: 6 }}>No such run</h1>
      <p className="muted" style={{ marginTop: 8 }}>
        Run ids are random and unguessable: check the link you were given. The run may also live on another Relix
        runner.
      </p>
      <div className="row" style={{ justifyContent: "center", marginTop: 18 }}>
        <Link className="btn btn-primary" href="/">
          Start a run
        </Link>
        <Link className="btn" href="/runs">
          Recent runs
        </Link>
      </div>
    </div>
  );
}
