{{/*
Defaults of every component's values. A subchart's values.yaml holds only what differs; the umbrella's `global`
block overrides the `global` part. Merged by "vellum-lib.values", which (unlike sprig's merge) lets `false`, `0` and
"" in the chart's values win over a default.
*/}}
{{- define "vellum-lib.defaults" -}}
global:
  image:
    # Images are <registry>/<component>:<tag> unless a component sets image.repository.
    registry: registry.example.com/vellum
    # Empty: the component chart's appVersion.
    tag: ""
    pullPolicy: IfNotPresent
    # Names of existing docker-registry Secrets.
    pullSecrets: []
  # The app's public origin (PUBLIC_URL), e.g. https://vellum.example.com. Required.
  publicUrl: ""
  nodeEnv: production
  logLevel: info
  # Existing Secret holding SESSION_SECRET, INTERNAL_AUTH_SECRET, DATABASE_URL, REDIS_URL (and SMTP_URL if mail
  # is sent). The chart never creates it: secrets do not go through values.
  secretName: vellum-secrets
  # KAFKA_BROKERS for components that use kafka: comma-separated host:port.
  kafkaBrokers: ""
  otel:
    # OTEL_EXPORTER_OTLP_ENDPOINT; empty turns tracing off.
    endpoint: ""
    # The share of traces started here that are kept (OTEL_TRACES_SAMPLER_ARG of parentbased_traceidratio): a call
    # that arrives with a sampled parent is always kept, so a trace is whole or absent across services. Spans are
    # batched (the SDK's BatchSpanProcessor), never sent one by one.
    samplingRatio: 0.1
  # Every process but the frontends' nginx serves Prometheus metrics at /metrics on a port of its own (METRICS_PORT,
  # the container port `metrics`), never on `http`, which the Ingress reaches. A component may override
  # serviceMonitor.enabled and podMonitor.enabled in its own `metrics` block. The Grafana dashboards
  # (global.metrics.dashboards) and the alerting and recording rules (global.metrics.prometheusRule) are the
  # umbrella's own: their options are in charts/vellum/values.yaml.
  metrics:
    port: 9464
    serviceMonitor:
      # A prometheus-operator ServiceMonitor per component, on its Service's `metrics` port.
      enabled: false
      # The labels your Prometheus selects monitors by (kube-prometheus-stack: release: <its release name>).
      labels: {}
      interval: 30s
      scrapeTimeout: 10s
    podMonitor:
      # A PodMonitor per component instead, on its pods' `metrics` port.
      enabled: false
      labels: {}
      interval: 30s
      scrapeTimeout: 10s
    # Who scrapes: NetworkPolicyPeers the NetworkPolicy admits to the `metrics` port, and to nothing else.
    scrapers:
      - namespaceSelector:
          matchLabels:
            kubernetes.io/metadata.name: monitoring
  networkPolicy:
    enabled: true
    # Who may reach a component whose networkPolicy.ingressFrom is ingressController (the gateway only).
    ingressController:
      namespaceSelector:
        matchLabels:
          kubernetes.io/metadata.name: ingress-nginx
      podSelector:
        matchLabels:
          app.kubernetes.io/name: ingress-nginx
    # Egress a component gets for each entry of its `uses` list (dns always, otel when an endpoint is set).
    # `to` is a list of NetworkPolicyPeers; empty means any address, on these ports only.
    destinations:
      dns:
        to:
          - namespaceSelector:
              matchLabels:
                kubernetes.io/metadata.name: kube-system
            podSelector:
              matchLabels:
                k8s-app: kube-dns
        ports:
          - { port: 53, protocol: UDP }
          - { port: 53, protocol: TCP }
      postgres:
        to: []
        ports:
          - { port: 5432, protocol: TCP }
      redis:
        to: []
        ports:
          - { port: 6379, protocol: TCP }
      mongodb:
        to: []
        ports:
          - { port: 27017, protocol: TCP }
      kafka:
        to:
          - namespaceSelector:
              matchLabels:
                kubernetes.io/metadata.name: kafka
        ports:
          - { port: 9092, protocol: TCP }
      smtp:
        to: []
        ports:
          - { port: 465, protocol: TCP }
          - { port: 587, protocol: TCP }
      otel:
        to: []
        ports:
          - { port: 4317, protocol: TCP }
          - { port: 4318, protocol: TCP }

# The component's name (Deployment, Service, DNS name): the chart's name unless set.
nameOverride: ""
# service | gateway | frontend (the app.kubernetes.io/component label).
role: service
image:
  # Full repository; empty: <global.image.registry>/<name>.
  repository: ""
  tag: ""
  # sha256:...; when set the image is pinned by digest.
  digest: ""
  pullPolicy: ""
replicas: 2
logLevel: ""
# Plain environment, rendered into the component's ConfigMap. Secrets are refused here.
env: {}
# Environment taken from the Secret: ENV_NAME: key, or ENV_NAME: { key: KEY, optional: true }.
secretEnv: {}
# Overrides global.secretName for this component.
secretName: ""
# Overrides of global.metrics for this component: serviceMonitor.enabled, podMonitor.enabled.
metrics: {}
# Backing services reached: egress rules (see global.networkPolicy.destinations); kafka also sets KAFKA_BROKERS.
uses: []
# Other components called over HTTP: <NAME>_URL=http://<name>:8080 and egress to their pods.
upstreams: []
networkPolicy:
  # gateway: only the gateway's pods may connect. ingressController: only the ingress controller may. A list of
  # both: either may (the shell).
  ingressFrom: gateway
  # false: no connection out at all, not even DNS (a static file server); `uses` and `upstreams` must then be empty.
  egress: true
resources:
  requests:
    cpu: 100m
    memory: 128Mi
  limits:
    cpu: "1"
    memory: 512Mi
autoscaling:
  enabled: false
  minReplicas: 2
  maxReplicas: 6
  targetCPUUtilizationPercentage: 70
podDisruptionBudget:
  enabled: true
  maxUnavailable: 1
serviceAccount:
  create: true
  annotations: {}
securityContext:
  # 65532 is distroless' nonroot user; nginx-unprivileged images use 101.
  runAsUser: 65532
  runAsGroup: 65532
shutdown:
  # The endpoint removal reaches every kube-proxy and ingress controller while the pod still serves; only then
  # does the process get SIGTERM, fail /readyz and drain (10 s at most, see services/platform http/serve.ts).
  preStopSleepSeconds: 5
  terminationGracePeriodSeconds: 30
probes:
  startup:
    periodSeconds: 2
    failureThreshold: 60
  liveness:
    periodSeconds: 10
    timeoutSeconds: 2
    failureThreshold: 3
  readiness:
    periodSeconds: 5
    timeoutSeconds: 2
    failureThreshold: 2
# /tmp is writable (an emptyDir of this size); the rest of the root filesystem is read-only.
tmpSizeLimit: 64Mi
# More writable directories, each an emptyDir of tmpSizeLimit, e.g. [/var/cache/nginx].
writableDirs: []
# The Job that rebuilds the service's projections from the Kafka topics (`<entry> --replay`), rendered only when
# enabled: scale the service to 0 first, install with replay.enabled=true, wait for the Job, then set it back to false
# and scale up (charts/README.md, "Replaying a service's projections").
replay:
  enabled: false
  backoffLimit: 2
  # The finished Job and its pod (with their logs) are deleted after a day.
  ttlSecondsAfterFinished: 86400
podAnnotations: {}
nodeSelector: {}
tolerations: []
affinity: {}
{{- end }}

{{/*
What `role: frontend` changes in the defaults, before the chart's own values: a micro-frontend (the shell or a
remote) is its static build served by nginx-unprivileged on 8080 (frontends/Dockerfile; frontends/remote.nginx.conf
or frontends/shell.nginx.conf, with /healthz and /readyz), reached by browsers through the ingress controller: a
remote at /mf/<remote>/ (the umbrella's `remotes`), the shell at every other path that is not the gateway's.
*/}}
{{- define "vellum-lib.frontendDefaults" -}}
networkPolicy:
  ingressFrom: ingressController
  # nginx serves files and calls nothing.
  egress: false
securityContext:
  # nginx-unprivileged's user and group.
  runAsUser: 101
  runAsGroup: 101
# nginx writes its pid and temporary files under /tmp; /var/cache/nginx holds its compiled-in temp paths.
writableDirs: [/var/cache/nginx]
tmpSizeLimit: 16Mi
resources:
  requests:
    cpu: 20m
    memory: 32Mi
  limits:
    cpu: 200m
    # nginx starts one worker per node CPU (worker_processes auto), each a little private memory.
    memory: 128Mi
{{- end }}
