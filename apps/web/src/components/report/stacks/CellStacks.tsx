import type { StackPanel } from "@/lib/report/stack-rows";
import { StackFiguresTable } from "./StackFiguresTable";
import { StackLadderCard } from "./StackLadderCard";
import { StackSplitCard } from "./StackSplitCard";

/** One cell measured through every stack: the stacks' figures, the layer-by-layer walk, and the time split. */
export function CellStacks({ panel }: { panel: StackPanel }) {
  return (
    <div className="section" data-testid="stack-panel" data-cell={panel.key}>
      <h3>{panel.title}</h3>
      <StackFiguresTable panel={panel} />
      <div className="grid-2" style={{ marginTop: 12 }}>
        <StackLadderCard panel={panel} />
        <StackSplitCard panel={panel} />
      </div>
    </div>
  );
}
