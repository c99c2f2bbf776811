{{/*
With the namespace's default-deny (k8s/default-deny.yaml) this is all a component may do on the network: take
connections on 8080 from those its `networkPolicy.ingressFrom` names and on its metrics port from the scrapers
(global.metrics.scrapers) (the services: the gateway; the gateway and the
remotes: the ingress controller; the shell: both, as the gateway passes it the navigations on the paths the Ingress
sends the gateway), resolve names, reach the backing services it `uses` on their ports, and call its `upstreams`. A
component with `networkPolicy.egress: false` (the frontends' nginx) opens no connection at all.
*/}}
{{- define "vellum-lib.egressRule" -}}
{{- $destination := index .all .use -}}
{{- if not $destination -}}
{{- fail (printf "%s uses %q, which has no entry in global.networkPolicy.destinations" .name .use) -}}
{{- end -}}
{{- $rule := dict "ports" $destination.ports -}}
{{- with $destination.to -}}
{{- $_ := set $rule "to" . -}}
{{- end -}}
{{- list $rule | toYaml -}}
{{- end }}

{{- define "vellum-lib.networkpolicy" }}
{{- if .Values.global.networkPolicy.enabled }}
{{- $name := include "vellum-lib.name" . }}
{{- $destinations := .Values.global.networkPolicy.destinations }}
---
apiVersion: networking.k8s.io/v1
kind: NetworkPolicy
metadata:
  name: {{ $name }}
  labels:
    {{- include "vellum-lib.labels" . | nindent 4 }}
spec:
  podSelector:
    matchLabels:
      {{- include "vellum-lib.selectorLabels" . | nindent 6 }}
  policyTypes:
    - Ingress
    - Egress
  ingress:
    - from:
        {{- $from := .Values.networkPolicy.ingressFrom }}
        {{- range (kindIs "slice" $from | ternary $from (list $from)) }}
        {{- if eq (toString .) "ingressController" }}
        {{- list $.Values.global.networkPolicy.ingressController | toYaml | nindent 8 }}
        {{- else if eq (toString .) "gateway" }}
        - podSelector:
            matchLabels:
              app.kubernetes.io/name: gateway
              app.kubernetes.io/instance: {{ $.Release.Name }}
        {{- else }}
        {{- fail (printf "%s: networkPolicy.ingressFrom must be gateway, ingressController or a list of them, got %v" $name $from) }}
        {{- end }}
        {{- else }}
        {{- fail (printf "%s: networkPolicy.ingressFrom is empty: name who may connect (gateway, ingressController)" $name) }}
        {{- end }}
      ports:
        - port: http
          protocol: TCP
    {{- if eq (include "vellum-lib.servesMetrics" .) "true" }}
    # The scrapers (global.metrics.scrapers), on the metrics port alone.
    - from:
        {{- required "global.metrics.scrapers: name who scrapes the metrics (NetworkPolicyPeers)" .Values.global.metrics.scrapers | toYaml | nindent 8 }}
      ports:
        - port: metrics
          protocol: TCP
    {{- end }}
  {{- if not .Values.networkPolicy.egress }}
  {{- if or .Values.uses .Values.upstreams }}
  {{- fail (printf "%s: networkPolicy.egress is false, so it can neither use %v nor call %v" $name .Values.uses .Values.upstreams) }}
  {{- end }}
  egress: []
  {{- else }}
  egress:
    {{- include "vellum-lib.egressRule" (dict "all" $destinations "use" "dns" "name" $name) | nindent 4 }}
    {{- range .Values.uses }}
    {{- include "vellum-lib.egressRule" (dict "all" $destinations "use" . "name" $name) | nindent 4 }}
    {{- end }}
    {{- if .Values.global.otel.endpoint }}
    {{- include "vellum-lib.egressRule" (dict "all" $destinations "use" "otel" "name" $name) | nindent 4 }}
    {{- end }}
    {{- range .Values.upstreams }}
    - to:
        - podSelector:
            matchLabels:
              app.kubernetes.io/name: {{ . }}
              app.kubernetes.io/instance: {{ $.Release.Name }}
      ports:
        - port: 8080
          protocol: TCP
    {{- end }}
  {{- end }}
{{- end }}
{{- end }}
