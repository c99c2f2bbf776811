import type { K8sObject } from './chart';
import type { Component } from './cluster';

/** One scrape target as prometheus-operator makes it from a monitor: a pod's metrics address and its labels. */
export interface ScrapeTarget {
  /** host:port of the pod's process (its METRICS_PORT, moved to loopback). */
  address: string;
  path: string;
  /** The target labels the operator sets: job (the monitor's jobLabel), namespace, service, pod, container, endpoint. */
  labels: Record<string, string>;
}

const matches = (selector: Record<string, string> = {}, labels: Record<string, string> = {}) =>
  Object.entries(selector).every(([key, value]) => labels[key] === value);

interface ContainerPort {
  name?: string;
  containerPort: number;
}

/** The Deployments whose pods `selector` picks, each with its container's ports and the component that runs it. */
function podsPicked(
  objects: K8sObject[],
  components: Map<string, Component>,
  selector: Record<string, string>,
) {
  return objects
    .filter((o) => o.kind === 'Deployment' && matches(selector, o.spec.template.metadata.labels))
    .map((deployment) => {
      const component = components.get(deployment.metadata.name);
      if (!component) throw new Error(`Deployment ${deployment.metadata.name} does not run here`);
      const container = deployment.spec.template.spec.containers[0] as {
        name: string;
        ports: ContainerPort[];
      };
      return { deployment, component, container };
    });
}

/**
 * The container port a monitor's endpoint names must be the one the process serves /metrics on (METRICS_PORT in
 * its rendered environment): the topology moved that port, so a monitor on another port would scrape nothing here
 * and nothing in a cluster either.
 */
function metricsPortOf(component: Component, container: { ports: ContainerPort[] }, portName: string) {
  const port = container.ports.find((p) => p.name === portName);
  if (!port) throw new Error(`${component.workload.name}: no container port named ${portName}`);
  if (String(port.containerPort) !== component.workload.env.METRICS_PORT)
    throw new Error(
      `${component.workload.name}: port ${portName} is ${port.containerPort}, METRICS_PORT is ${component.workload.env.METRICS_PORT}`,
    );
  return component.pods.map((pod) => {
    if (!pod.metricsPort) throw new Error(`${pod.id} serves no metrics`);
    return { pod, address: `127.0.0.1:${pod.metricsPort}` };
  });
}

/**
 * The targets the rendered ServiceMonitors and PodMonitors give a prometheus-operator in `namespace`, over the
 * topology's pods: a ServiceMonitor picks Services by label, each endpoint names a Service port whose targetPort is
 * a container port of the pods the Service selects; a PodMonitor picks the pods and names their container port.
 * The labels are the operator's (`honor_labels: false`): the process's own `service` label becomes
 * `exported_service` beside the target's.
 */
export function scrapeTargetsOf(
  objects: K8sObject[],
  components: Map<string, Component>,
  namespace: string,
): ScrapeTarget[] {
  const targets: ScrapeTarget[] = [];
  for (const monitor of objects.filter((o) => o.kind === 'ServiceMonitor')) {
    const { selector, endpoints, jobLabel } = monitor.spec;
    const services = objects.filter(
      (o) => o.kind === 'Service' && matches(selector.matchLabels, o.metadata.labels),
    );
    if (!services.length) throw new Error(`ServiceMonitor ${monitor.metadata.name} selects no Service`);
    for (const service of services)
      for (const endpoint of endpoints as Array<{ port: string; path?: string }>) {
        const servicePort = (
          service.spec.ports as Array<{ name?: string; targetPort: string | number }>
        ).find((p) => p.name === endpoint.port);
        if (!servicePort) throw new Error(`Service ${service.metadata.name} has no port ${endpoint.port}`);
        for (const { component, container } of podsPicked(objects, components, service.spec.selector))
          for (const { pod, address } of metricsPortOf(component, container, String(servicePort.targetPort)))
            targets.push({
              address,
              path: endpoint.path ?? '/metrics',
              labels: {
                job: service.metadata.labels?.[jobLabel] ?? service.metadata.name,
                namespace,
                service: service.metadata.name,
                pod: pod.id,
                container: container.name,
                endpoint: endpoint.port,
              },
            });
      }
  }
  for (const monitor of objects.filter((o) => o.kind === 'PodMonitor')) {
    const { selector, podMetricsEndpoints, jobLabel } = monitor.spec;
    const picked = podsPicked(objects, components, selector.matchLabels);
    if (!picked.length) throw new Error(`PodMonitor ${monitor.metadata.name} selects no pod`);
    for (const { deployment, component, container } of picked)
      for (const endpoint of podMetricsEndpoints as Array<{ port: string; path?: string }>)
        for (const { pod, address } of metricsPortOf(component, container, endpoint.port))
          targets.push({
            address,
            path: endpoint.path ?? '/metrics',
            labels: {
              job:
                deployment.spec.template.metadata.labels?.[jobLabel] ??
                `${namespace}/${monitor.metadata.name}`,
              namespace,
              pod: pod.id,
              container: container.name,
              endpoint: endpoint.port,
            },
          });
  }
  return targets;
}
