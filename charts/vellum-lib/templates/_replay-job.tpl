{{/*
The replay Job of a service (replay.enabled=true): the service's own image and environment, run as
`dist/main.js --replay`, which migrates, rebuilds its projections from the beginning of the Kafka topics and exits 0.
A plain Job, not a Helm hook: a hook would run at every upgrade, while the old Deployment's consumers still apply
events (a replay empties the read model under them), and would hold the release up until it ends. Its pods carry
their own name (`<name>-replay`), so the Service never routes requests to them; a NetworkPolicy of that name gives
them the component's egress.
*/}}
{{- define "vellum-lib.replayJob" }}
{{- if .Values.replay.enabled }}
{{- $name := include "vellum-lib.name" . }}
{{- if ne (toString .Values.role) "service" }}
{{- fail (printf "%s: replay.enabled is for services (role: service), which have projections" $name) }}
{{- end }}
{{- $values := deepCopy .Values }}
{{- $_ := set $values "nameOverride" (printf "%s-replay" $name) }}
{{- $job := dict "Values" $values "Chart" .Chart "Release" .Release "Capabilities" .Capabilities "Template" .Template }}
{{- include "vellum-lib.networkpolicy" $job }}
---
apiVersion: batch/v1
kind: Job
metadata:
  # Jobs cannot be changed once created: one per release revision.
  name: {{ printf "%s-replay-%d" $name (int .Release.Revision) | trunc 63 | trimSuffix "-" }}
  labels:
    {{- include "vellum-lib.labels" $job | nindent 4 }}
spec:
  backoffLimit: {{ int .Values.replay.backoffLimit }}
  ttlSecondsAfterFinished: {{ int .Values.replay.ttlSecondsAfterFinished }}
  template:
    metadata:
      labels:
        {{- include "vellum-lib.labels" $job | nindent 8 }}
    spec:
      restartPolicy: Never
      serviceAccountName: {{ if .Values.serviceAccount.create }}{{ $name }}{{ else }}default{{ end }}
      automountServiceAccountToken: false
      enableServiceLinks: false
      securityContext:
        runAsNonRoot: true
        runAsUser: {{ .Values.securityContext.runAsUser }}
        runAsGroup: {{ .Values.securityContext.runAsGroup }}
        fsGroup: {{ .Values.securityContext.runAsGroup }}
        seccompProfile:
          type: RuntimeDefault
      {{- with .Values.global.image.pullSecrets }}
      imagePullSecrets:
        {{- range . }}
        - name: {{ . }}
        {{- end }}
      {{- end }}
      containers:
        - name: replay
          image: {{ include "vellum-lib.image" . | quote }}
          imagePullPolicy: {{ .Values.image.pullPolicy | default .Values.global.image.pullPolicy }}
          args: ["dist/main.js", "--replay"]
          {{- include "vellum-lib.containerEnv" . | nindent 10 }}
          resources:
            {{- toYaml .Values.resources | nindent 12 }}
          securityContext:
            runAsNonRoot: true
            privileged: false
            allowPrivilegeEscalation: false
            readOnlyRootFilesystem: true
            capabilities:
              drop:
                - ALL
          volumeMounts:
            - name: tmp
              mountPath: /tmp
      volumes:
        - name: tmp
          emptyDir:
            sizeLimit: {{ .Values.tmpSizeLimit }}
{{- end }}
{{- end }}
