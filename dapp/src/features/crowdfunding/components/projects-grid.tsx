import Box from "@mui/material/Box";
import type { Address } from "viem";
import { QueryState } from "../../../components/page-shell";
import { Skeleton } from "../../../components/skeleton";
import { useProjects } from "../api/get-projects";
import { ProjectCard } from "./project-card";

export function ProjectsGrid({ wallet }: { wallet: Address | undefined }) {
  const projects = useProjects();
  return (
    <Box component="section" aria-label="Projects">
      <QueryState
        query={projects}
        what="the projects"
        height={320}
        testId="projects"
        isEmpty={(d) => d.projects.length === 0}
        empty={{ message: "No projects on this chain yet: create the first one below." }}
        skeleton={<Skeleton variant="rounded" height={320} />}
      >
        {(data) => (
          <Box
            data-testid="projects-grid"
            sx={{
              display: "grid",
              gap: 2,
              gridTemplateColumns: { xs: "1fr", sm: "repeat(2, 1fr)", lg: "repeat(3, 1fr)" },
            }}
          >
            {data.projects.map((p) => (
              <ProjectCard key={p.id} project={p} contracts={data.contracts} wallet={wallet} />
            ))}
          </Box>
        )}
      </QueryState>
    </Box>
  );
}
