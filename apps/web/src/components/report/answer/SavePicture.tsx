"use client";

import { useRef } from "react";

/** A picture's SVG as a standalone file: namespaces set, and a white ground (a chart has none of its own). */
function standaloneSvg(svg: SVGSVGElement): { text: string; width: number; height: number } {
  const copy = svg.cloneNode(true) as SVGSVGElement;
  const { width, height } = svg.getBoundingClientRect();
  copy.setAttribute("xmlns", "http://www.w3.org/2000/svg");
  copy.setAttribute("width", String(Math.round(width)));
  copy.setAttribute("height", String(Math.round(height)));
  // Text styled by the page's stylesheet would lose its font in another viewer.
  copy.setAttribute("font-family", getComputedStyle(svg).fontFamily);
  const ground = document.createElementNS("http://www.w3.org/2000/svg", "rect");
  ground.setAttribute("width", "100%");
  ground.setAttribute("height", "100%");
  ground.setAttribute("fill", "#ffffff");
  copy.insertBefore(ground, copy.firstChild);
  return { text: new XMLSerializer().serializeToString(copy), width, height };
}

function download(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.click();
  // The browser has started the download by now; the URL is no longer needed.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** The largest chart inside the element: recharts draws small icons as SVGs too. */
function pictureOf(root: HTMLElement | null): SVGSVGElement | null {
  const svgs = [...(root?.querySelectorAll("svg") ?? [])];
  return svgs.reduce<SVGSVGElement | null>((best, svg) => {
    const area = (s: SVGSVGElement) => s.getBoundingClientRect().width * s.getBoundingClientRect().height;
    return best === null || area(svg) > area(best) ? svg : best;
  }, null);
}

/** Saves the picture beside it (the answer's chart) as SVG or PNG, as drawn on the page. */
export function SavePicture({ fileName, children }: { fileName: string; children: React.ReactNode }) {
  const holder = useRef<HTMLDivElement>(null);
  const saveSvg = () => {
    const svg = pictureOf(holder.current);
    if (svg) download(new Blob([standaloneSvg(svg).text], { type: "image/svg+xml" }), `${fileName}.svg`);
  };
  const savePng = () => {
    const svg = pictureOf(holder.current);
    if (!svg) return;
    const { text, width, height } = standaloneSvg(svg);
    const image = new Image();
    image.onload = () => {
      // Twice the page's pixels, so the picture stays sharp on a slide or in a chat.
      const canvas = document.createElement("canvas");
      canvas.width = Math.round(width * 2);
      canvas.height = Math.round(height * 2);
      const context = canvas.getContext("2d")!;
      context.scale(2, 2);
      context.drawImage(image, 0, 0, width, height);
      canvas.toBlob((blob) => blob && download(blob, `${fileName}.png`), "image/png");
    };
    image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(text)}`;
  };
  return (
    <div ref={holder}>
      {children}
      <div className="row" style={{ marginTop: 6, gap: 6 }} data-testid="save-picture">
        <span className="muted small">Save the picture:</span>
        <button type="button" className="btn btn-small" onClick={saveSvg}>
          SVG
        </button>
        <button type="button" className="btn btn-small" onClick={savePng}>
          PNG
        </button>
      </div>
    </div>
  );
}
