{{/*
The component's plain environment: what every process reads (fixed facts of the team), what its `uses` and
`upstreams` imply, then its own `env` (which may override LOG_LEVEL and the like). Fails on anything that looks like a
secret: those come from the Secret (secretEnv), never from values.
*/}}
{{- define "vellum-lib.envMap" -}}
{{- $name := include "vellum-lib.name" . -}}
{{- $publicUrl := required "global.publicUrl: the app's public origin, e.g. https://vellum.example.com" .Values.global.publicUrl -}}
{{- if not (regexMatch "^https?://[^/]+/?$" $publicUrl) -}}
{{- fail (printf "global.publicUrl must be an origin like https://vellum.example.com, got %q" $publicUrl) -}}
{{- end -}}
{{- $env := dict
  "NODE_ENV" .Values.global.nodeEnv
  "LOG_LEVEL" (.Values.logLevel | default .Values.global.logLevel)
  "PORT" "8080"
  "PUBLIC_URL" (trimSuffix "/" $publicUrl)
  "OTEL_SERVICE_NAME" $name
-}}
{{- if eq (include "vellum-lib.servesMetrics" .) "true" -}}
{{- $_ := set $env "METRICS_PORT" (toString .Values.global.metrics.port) -}}
{{- end -}}
{{- with .Values.global.otel.endpoint -}}
{{- $_ := set $env "OTEL_EXPORTER_OTLP_ENDPOINT" . -}}
{{- $_ := set $env "OTEL_TRACES_SAMPLER" "parentbased_traceidratio" -}}
{{- $ratio := $.Values.global.otel.samplingRatio -}}
{{- if or (lt (float64 $ratio) 0.0) (gt (float64 $ratio) 1.0) -}}
{{- fail (printf "global.otel.samplingRatio must be between 0 and 1, got %v" $ratio) -}}
{{- end -}}
{{- $_ := set $env "OTEL_TRACES_SAMPLER_ARG" (toString $ratio) -}}
{{- end -}}
{{- if has "kafka" .Values.uses -}}
{{- $_ := set $env "KAFKA_BROKERS" (required (printf "global.kafkaBrokers: %s uses kafka" $name) .Values.global.kafkaBrokers) -}}
{{- end -}}
{{- range .Values.upstreams -}}
{{- if not (regexMatch "^[a-z][a-z0-9-]*$" (toString .)) -}}
{{- fail (printf "%s: upstreams must be component names, got %q" $name (toString .)) -}}
{{- end -}}
{{- $_ := set $env (printf "%s_URL" (upper . | replace "-" "_")) (include "vellum-lib.upstreamUrl" .) -}}
{{- end -}}
{{- range $key, $value := .Values.env -}}
{{- if hasKey $.Values.secretEnv $key -}}
{{- fail (printf "%s: %s is in both env and secretEnv" $name $key) -}}
{{- end -}}
{{- if regexMatch "(?i)(secret|password|passwd|token|credential|private_key|database_url|redis_url|mongo_url|smtp_url)" $key -}}
{{- fail (printf "%s: env.%s looks like a secret; put it in the Secret %q and list it in secretEnv" $name $key (include "vellum-lib.secretName" $)) -}}
{{- end -}}
{{- if kindIs "slice" $value -}}
{{- $_ := set $env $key (join "," $value) -}}
{{- else if not (kindIs "invalid" $value) -}}
{{- $_ := set $env $key (toString $value) -}}
{{- end -}}
{{- end -}}
{{- toYaml $env -}}
{{- end }}

{{- define "vellum-lib.configmap" }}
---
apiVersion: v1
kind: ConfigMap
metadata:
  name: {{ include "vellum-lib.name" . }}-env
  labels:
    {{- include "vellum-lib.labels" . | nindent 4 }}
data:
  {{- range $key, $value := include "vellum-lib.envMap" . | fromYaml }}
  {{ $key }}: {{ $value | quote }}
  {{- end }}
{{- end }}
