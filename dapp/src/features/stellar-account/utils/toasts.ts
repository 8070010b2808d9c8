// Toasts load with the first action, not with the page.
export const toast = (t: Parameters<typeof import("../../../components/toast").notify>[0]) =>
  void import("../../../components/toast").then((m) => m.notify(t));
