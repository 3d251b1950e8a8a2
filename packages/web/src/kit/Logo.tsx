import { CarOutlined } from '@ant-design/icons';

/** The product mark: "Dealer Platform". */
export function Logo({ size = 'default' }: { size?: 'default' | 'large' }) {
  return (
    <span className={`logo logo--${size}`}>
      <span className="logo__mark" aria-hidden="true">
        <CarOutlined aria-hidden />
      </span>
      <span className="logo__text">Dealer Platform</span>
    </span>
  );
}
