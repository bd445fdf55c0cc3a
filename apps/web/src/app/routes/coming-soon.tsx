export default function ComingSoon({ feature }: { feature: string }) {
  return <div className="p-8">{feature}</div>;
}
