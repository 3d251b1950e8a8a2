import { Button, Tooltip } from 'antd';
import { StarFilled, StarOutlined } from '@ant-design/icons';

/** A star that marks a record as a favorite; the labels name the record for screen readers. */
export function FavoriteToggle({
  active,
  onToggle,
  addLabel,
  removeLabel,
  className,
}: {
  active: boolean;
  onToggle: () => void;
  addLabel: string;
  removeLabel: string;
  className?: string;
}) {
  const label = active ? removeLabel : addLabel;
  return (
    <Tooltip title={label}>
      <Button
        type="text"
        size="small"
        className={className}
        aria-label={label}
        aria-pressed={active}
        icon={active ? <StarFilled aria-hidden style={{ color: '#faad14' }} /> : <StarOutlined aria-hidden />}
        onClick={(event) => {
          event.stopPropagation();
          onToggle();
        }}
      />
    </Tooltip>
  );
}
