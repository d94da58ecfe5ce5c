import type { Metadata } from "next";
import Link from "next/link";
import type { ReactNode } from "react";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Relix · REST vs gRPC, measured", template: "%s · Relix" },
  description:
    "Benchmark an Express REST API against a grpc-js API: is gRPC faster, by how much, and how sure is that?",
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>
        <header className="topbar">
          <div className="topbar-inner">
            <Link href="/" className="brand">
              <span className="brand-mark" aria-hidden="true">
                <i style={{ background: "var(--rest)" }} />
                <i style={{ background: "var(--grpc)" }} />
              </span>
              Relix
              <span className="brand-tag">REST vs gRPC, measured</span>
            </Link>
            <nav className="nav" aria-label="Main">
              <Link href="/">New run</Link>
              <Link href="/runs">Runs</Link>
              <Link href="/runs#import">Import</Link>
            </nav>
          </div>
        </header>
        <main className="page">{children}</main>
      </body>
    </html>
  );
}
