import { namedPlacements, placementNames, type PlacementName } from "@relix/core/network/placements";
import type { FieldErrors } from "@/lib/spec-form/spec-form";
import { sweptHint } from "@/lib/spec-form/sweep-form";
import { FieldHint } from "./FieldHint";

const CUSTOM_DESCRIPTION = "your own RTT, jitter and bandwidth (below)";

const describe = (name: PlacementName) => (name === "custom" ? CUSTOM_DESCRIPTION : namedPlacements[name].description);

/** One box per placement, each with what it stands for; disabled while the sweep sets them. */
export function PlacementChecks({
  chosen,
  swept,
  errors,
  onToggle,
}: {
  chosen: readonly PlacementName[];
  swept: boolean;
  errors: FieldErrors;
  onToggle: (name: PlacementName, on: boolean) => void;
}) {
  return (
    <>
      <span className="label" id="network-label">
        Network placements
      </span>
      <div role="group" aria-labelledby="network-label">
        {placementNames.map((name) => (
          <label key={name} className="check">
            <input
              type="checkbox"
              name="network"
              value={name}
              checked={chosen.includes(name)}
              disabled={swept}
              onChange={(e) => onToggle(name, e.target.checked)}
            />
            <span>
              {name}
              <small>{describe(name)}</small>
            </span>
          </label>
        ))}
      </div>
      <FieldHint
        field="network"
        errors={errors}
        note={
          swept
            ? sweptHint("network")
            : "every cell is measured under each; all but loopback go through Toxiproxy, and one whose RTT misses its target is refused (same-zone is: Toxiproxy steps in whole ms)"
        }
      />
    </>
  );
}
