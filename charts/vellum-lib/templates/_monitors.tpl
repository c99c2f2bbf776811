{{/*
prometheus-operator's monitors of a component (global.metrics.serviceMonitor / podMonitor, or the component's own
metrics block): the `metrics` port only, its /metrics path. Each series then carries the job (the component), the
pod and the namespace, beside the process's own `service` label.
*/}}
{{- define "vellum-lib.monitorEndpoint" -}}
port: metrics
path: /metrics
interval: {{ .interval }}
scrapeTimeout: {{ .scrapeTimeout }}
{{- end }}

{{- define "vellum-lib.monitors" }}
{{- $name := include "vellum-lib.name" . }}
{{- if eq (include "vellum-lib.monitorEnabled" (dict "ctx" . "kind" "serviceMonitor")) "true" }}
{{- $settings := .Values.global.metrics.serviceMonitor }}
---
apiVersion: monitoring.coreos.com/v1
kind: ServiceMonitor
metadata:
  name: {{ $name }}
  labels:
    {{- include "vellum-lib.labels" . | nindent 4 }}
    {{- with $settings.labels }}
    {{- toYaml . | nindent 4 }}
    {{- end }}
spec:
  jobLabel: app.kubernetes.io/name
  selector:
    matchLabels:
      {{- include "vellum-lib.selectorLabels" . | nindent 6 }}
  endpoints:
    - {{- include "vellum-lib.monitorEndpoint" $settings | nindent 6 }}
{{- end }}
{{- if eq (include "vellum-lib.monitorEnabled" (dict "ctx" . "kind" "podMonitor")) "true" }}
{{- $settings := .Values.global.metrics.podMonitor }}
---
apiVersion: monitoring.coreos.com/v1
kind: PodMonitor
metadata:
  name: {{ $name }}
  labels:
    {{- include "vellum-lib.labels" . | nindent 4 }}
    {{- with $settings.labels }}
    {{- toYaml . | nindent 4 }}
    {{- end }}
spec:
  jobLabel: app.kubernetes.io/name
  selector:
    matchLabels:
      {{- include "vellum-lib.selectorLabels" . | nindent 6 }}
  podMetricsEndpoints:
    - {{- include "vellum-lib.monitorEndpoint" $settings | nindent 6 }}
{{- end }}
{{- end }}
