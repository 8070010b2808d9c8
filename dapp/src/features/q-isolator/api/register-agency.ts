import { useMutation, useQueryClient } from "@tanstack/react-query";
import { callEndpoint, type EndpointOutput } from "../../../lib/endpoint-client";
import { downloadText } from "../../../lib/download";
import { qIsolatorContract, type ClearanceLevel } from "./contract";
import type { AgencyKeyFile } from "../crypto/agency-key";
import { CREATE_TIMEOUT_MS, qIsolatorKey } from "./keys";

export type RegisterAgencyResponse = EndpointOutput<typeof qIsolatorContract.registerAgency>;
export interface RegisteredAgency extends RegisterAgencyResponse {
  keyFile: AgencyKeyFile;
  keyFileName: string;
}

/** Saves the agency's key file (its decapsulation keys): the only copy, made and kept in this browser. */
export const saveKeyFile = (r: Pick<RegisteredAgency, "keyFile" | "keyFileName">) =>
  downloadText(r.keyFileName, `${JSON.stringify(r.keyFile, null, 2)}\n`, "application/json");

/**
 * An agency registered with ML-KEM keys made in this browser: the key pairs are generated here (the crypto is
 * loaded on demand), POST q-isolator/government-profiles receives the encapsulation keys only, and once the
 * API has the profile the key file with the decapsulation keys is saved. Nothing secret is ever sent.
 */
export function useRegisterAgency() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      agency,
      clearanceLevel,
    }: {
      agency: string;
      clearanceLevel: ClearanceLevel;
    }): Promise<RegisteredAgency> => {
      const { makeAgencyKeys, keyFileName } = await import("../crypto/agency-key");
      const made = makeAgencyKeys(agency, window.location.origin);
      const answer = await callEndpoint(
        qIsolatorContract.registerAgency,
        { body: { agency, clearanceLevel, encapsulationKeys: made.encapsulationKeys } },
        { timeoutMs: CREATE_TIMEOUT_MS },
      );
      const registered = { ...answer, keyFile: made.file, keyFileName: keyFileName(agency) };
      saveKeyFile(registered);
      return registered;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: qIsolatorKey }),
  });
}
