import Link from "next/link";

/** The compare page without two runs to compare: how to choose them. */
export function CompareHowTo() {
  return (
    <>
      <div className="page-head">
        <h1>Compare runs</h1>
      </div>
      <div className="banner banner-info">
        Choose at least two finished runs on the <Link href="/runs">runs page</Link>, or open{" "}
        <code>/compare?runs=ID1,ID2</code>.
      </div>
    </>
  );
}
