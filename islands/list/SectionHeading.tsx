import { Icon } from "../ui/Icon";
import type { HeadingView } from "./sections";

export interface SectionHeadingProps extends Omit<HeadingView, "at"> {
  onToggle: (sectionId: number) => void;
}

/**
 * A section's heading among the rows (docs/decisions/060-sections-browser.md): its name and how
 * many rows it holds, folding them away and back. One of the rows' own list, as the "Done"
 * heading is, so a row dragged just after it lands in its section.
 */
export function SectionHeading({ section, count, collapsed, onToggle }: SectionHeadingProps) {
  return (
    <li className="section-heading" data-section-id={section.id}>
      <h2>
        <button type="button" className="button button--ghost" aria-expanded={!collapsed} onClick={() => onToggle(section.id)}>
          <Icon name="forward" size={16} />
          {section.name} <span className="section-heading__count">({count})</span>
        </button>
      </h2>
    </li>
  );
}
