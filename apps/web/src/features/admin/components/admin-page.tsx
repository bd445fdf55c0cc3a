export default function Page() {
  return <div className="p-8">admin-page</div>;
}
